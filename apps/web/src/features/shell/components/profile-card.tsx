import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import {
  PHOTO_EXTENSIONS,
  PHOTO_MAX_BYTES,
  PHOTO_SIZE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  UpdateProfileBodySchema,
} from '@ks/contract/shell';
import { Avatar, Button, Card, Form, Input, Skeleton, Space, Upload } from 'antd';
import { useEffect } from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { reportFormError, zodRule } from '@/lib/form-rules.ts';
import { usePhoto } from '../api/get-photo.ts';
import { useProfile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { useUploadPhoto } from '../api/upload-photo.ts';

type ProfileValues = { userName: string };

/** The same checks the server makes, so a wrong file is refused before it travels. */
export function checkPhotoFile(file: { name: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(PHOTO_EXTENSIONS as readonly string[]).includes(extension)) return PHOTO_TYPE_MESSAGE;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_SIZE_MESSAGE;
  return null;
}

/** User centre: photo upload and the name (phone changes go through SMS verification elsewhere). */
export function ProfileCard() {
  const [form] = Form.useForm<ProfileValues>();
  const { data: profile, isPending } = useProfile();
  const { data: photo } = usePhoto(profile?.photo);
  const updateProfile = useUpdateProfile();
  const uploadPhoto = useUploadPhoto();

  // A profile answer that arrives while the person is typing (a refetch, the photo's save) must not
  // overwrite what they typed: the loaded name fills the field only until they touch it.
  useEffect(() => {
    if (profile && !form.isFieldTouched('userName')) form.setFieldsValue({ userName: profile.userName });
  }, [profile, form]);

  const onFinish = (values: ProfileValues) => {
    if (!profile) return;
    updateProfile.mutate(
      { userName: values.userName.trim(), version: profile.version },
      {
        onSuccess: () => getFeedback().successMessage('保存成功'),
        onError: (error) => reportFormError(form, error),
      },
    );
  };

  return (
    <Card title={<h2 className="ks-page-title">基本信息</h2>}>
      {isPending ? <Skeleton active /> : null}
      {profile ? (
        <Space align="start" size="large" wrap>
          <Space direction="vertical" align="center">
            <Avatar size={96} src={photo} icon={<UserOutlined />} alt="头像" />
            <Upload
              accept={PHOTO_EXTENSIONS.map((ext) => `.${ext}`).join(',')}
              showUploadList={false}
              beforeUpload={(file) => {
                const problem = checkPhotoFile(file);
                if (problem) getFeedback().warnMessage(problem);
                else
                  uploadPhoto.mutate(file, { onSuccess: () => getFeedback().successMessage('头像已更新') });
                // The upload goes through the one HTTP client, not antd's own request.
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploadPhoto.isPending}>
                上传头像
              </Button>
            </Upload>
            <span className="ks-hint">支持jpg、png、jpeg、webp，不超过2MB</span>
          </Space>
          <Form
            form={form}
            layout="vertical"
            onFinish={onFinish}
            className="ks-profile-form"
            aria-label="基本信息"
          >
            <Form.Item label="姓名" name="userName" rules={[zodRule(UpdateProfileBodySchema.shape.userName)]}>
              <Input maxLength={30} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={updateProfile.isPending}>
              保存
            </Button>
          </Form>
        </Space>
      ) : null}
    </Card>
  );
}
