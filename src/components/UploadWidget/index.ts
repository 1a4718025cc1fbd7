export { UploadWidget, type ExistingAttachment, type UploadWidgetProps } from './UploadWidget';
export { FILE_NAME_LIMIT, runUploadRules, shortFileName, type UploadRule } from './upload-rules';
